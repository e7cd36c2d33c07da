//! `vitrine`: parses the command line and starts services. Nothing else lives here.

mod all;
mod cli;
mod config;
mod run;

use clap::Parser;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = cli::Cli::parse();
    vitrine_common::telemetry::init("vitrine");
    let shutdown = vitrine_common::Shutdown::new();
    vitrine_common::shutdown::cancel_on_signals(shutdown.clone());
    let result = run::run(cli, shutdown).await;
    if let Err(e) = &result {
        tracing::error!(error = %format!("{e:#}"), "vitrine stopped with an error");
    }
    result
}
