//! `vitrine`: parses the command line and starts services. Nothing else lives here.

mod all;
mod cli;
mod config;
mod probe;
mod run;

use clap::Parser;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = cli::Cli::parse();
    let telemetry = vitrine_common::telemetry::init(&cli.service_name(), cli.trace_endpoint());
    let shutdown = vitrine_common::Shutdown::new();
    vitrine_common::shutdown::cancel_on_signals(shutdown.clone());
    let result = run::run(cli, shutdown).await;
    if let Err(e) = &result {
        tracing::error!(error = %format!("{e:#}"), "vitrine stopped with an error");
    }
    // Flushes the last spans; blocking, so off the runtime's workers.
    let _ = tokio::task::spawn_blocking(move || telemetry.shutdown()).await;
    result
}
