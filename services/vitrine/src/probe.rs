//! `vitrine probe`: the containers' health check, so the image needs neither curl nor
//! grpc_health_probe. gRPC services are asked through the standard health protocol.

use std::time::Duration;

use anyhow::{Context, bail};

use crate::cli::ProbeArgs;

const WITHIN: Duration = Duration::from_secs(3);

pub(crate) async fn run(args: &ProbeArgs) -> anyhow::Result<()> {
    if let Some(addr) = args.grpc {
        let channel = vitrine_common::grpc::lazy_channel(&format!("http://{addr}"))?;
        if !vitrine_common::grpc::is_serving(channel, "", WITHIN).await {
            bail!("{addr} is not serving");
        }
    } else if let Some(url) = &args.http {
        let client = reqwest::Client::builder().timeout(WITHIN).build()?;
        let status = client.get(url).send().await.with_context(|| format!("GET {url}"))?.status();
        if !status.is_success() {
            bail!("GET {url} answered {status}");
        }
    }
    Ok(())
}
