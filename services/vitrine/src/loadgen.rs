//! `vitrine loadgen`: the command line to [`vitrine_loadgen::Config`], and the tables on
//! stdout (every `--report-every` seconds while it runs, then the whole run's).

use std::io::Write as _;
use std::time::Duration;

use vitrine_common::Shutdown;

use crate::cli::LoadgenArgs;

pub(crate) async fn run(args: &LoadgenArgs, shutdown: &Shutdown) -> anyhow::Result<()> {
    let config = vitrine_loadgen::Config {
        target: args.target.clone(),
        visitors: args.visitors,
        rate: args.rate,
        duration: Duration::from_secs(args.duration),
        report_every: Some(Duration::from_secs(args.report_every)).filter(|d| !d.is_zero()),
    };
    let report = vitrine_loadgen::run(&config, shutdown, |so_far| print(&so_far.table())).await?;
    print(&report.table());
    Ok(())
}

/// `table` on stdout at once (a container's log shows it whole).
fn print(table: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{table}");
    let _ = out.flush();
}
