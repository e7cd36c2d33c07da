// Starts the Vendure server (vendure-config.js) with its job queue in this process, and
// says on stdout where it listens: `vendure: listening <port>` (the OS chose the port).
// SIGTERM and SIGINT close it.
const { bootstrap, JobQueueService } = require("@vendure/core")
const config = require("./vendure-config")

async function main() {
  const app = await bootstrap(config)
  // The in-memory job queue runs its jobs (search index updates) only once started.
  await app.get(JobQueueService).start()
  console.log(`vendure: listening ${app.getHttpServer().address().port}`)
  const stop = async () => {
    await app.close()
    process.exit(0)
  }
  process.once("SIGTERM", stop)
  process.once("SIGINT", stop)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
