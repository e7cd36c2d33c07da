//! `vitrine`: parses the command line and starts services. Nothing else lives here.

mod all;
mod backends;
mod cli;
mod config;
mod listen;
mod loadgen;
mod probe;
mod run;

use clap::FromArgMatches;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let matches = backends::command().get_matches();
    let backends = backends::Backends::from_matches(&matches);
    let cli = cli::Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let telemetry = vitrine_common::telemetry::init(&cli.service_name(), cli.trace_endpoint());
    let shutdown = vitrine_common::Shutdown::new();
    vitrine_common::shutdown::cancel_on_signals(shutdown.clone());
    let result = run::run(cli, backends, shutdown).await;
    if let Err(e) = &result {
        tracing::error!(error = %format!("{e:#}"), "vitrine stopped with an error");
    }
    // Flushes the last spans; blocking, so off the runtime's workers.
    let _ = tokio::task::spawn_blocking(move || telemetry.shutdown()).await;
    result
}
