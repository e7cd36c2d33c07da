// Prints the Shop API's schema as SDL, sorted (so that a new version's differences read
// as a diff), from a served Vendure's introspection: `scripts/real-vendure schema`.
const { buildClientSchema, getIntrospectionQuery, lexicographicSortSchema, printSchema } = require("graphql")

async function main() {
  const response = await fetch(`${process.env.VITRINE_REAL_VENDURE_URL}/shop-api`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: getIntrospectionQuery({ inputValueDeprecation: true }) }),
  })
  const { data, errors } = await response.json()
  if (errors) throw new Error(JSON.stringify(errors))
  const version = require("@vendure/core/package.json").version
  process.stdout.write(`# Vendure ${version} Shop API, introspected from a real server (scripts/real-vendure schema).\n\n`)
  process.stdout.write(`${printSchema(lexicographicSortSchema(buildClientSchema(data)))}\n`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
