// `node tests/ci/ci-db.ts create|drop <name>`: a PostgreSQL database of the CI run's own,
// on the server named by PG_ADMIN_URL.
import postgres from "postgres";

const [action, name] = process.argv.slice(2);
const adminUrl = process.env.PG_ADMIN_URL;
if (
  !adminUrl ||
  !name ||
  !/^[a-z0-9_]+$/.test(name) ||
  (action !== "create" && action !== "drop")
) {
  console.error("usage: PG_ADMIN_URL=… node tests/ci/ci-db.ts create|drop <name>");
  process.exit(2);
}
const sql = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
try {
  if (action === "create") await sql.unsafe(`create database "${name}"`);
  else await sql.unsafe(`drop database if exists "${name}" with (force)`);
} catch (error) {
  console.error(
    `${action} database ${name} failed: ${error instanceof Error ? error.message : error}`,
  );
  process.exitCode = 1;
} finally {
  await sql.end();
}
