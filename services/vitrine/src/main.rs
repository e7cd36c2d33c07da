//! `vitrine`: parses the command line and starts services. Nothing else lives here.

mod all;
mod cli;
mod config;
mod run;

use clap::Parser;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = cli::Cli::parse();
    let service_name = cli.otel_service_name.clone().unwrap_or_else(|| format!("vitrine-{}", cli.command.name()));
    let telemetry = vitrine_common::telemetry::init(&service_name, cli.otlp_endpoint.as_deref());
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
