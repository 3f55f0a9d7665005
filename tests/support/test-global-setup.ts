import postgres from "postgres";
import { openPostgres } from "../../src/server/db/client.ts";

/**
 * With TEST_DATABASE_URL set, migrates one template database per run; each test file then
 * copies it with CREATE DATABASE … TEMPLATE (tens of milliseconds) and drops its copy at the end.
 * Over TEST_DIRECT_DATABASE_URL when set: TEST_DATABASE_URL is then a pooler, which a
 * template must not be reached through (a pooled connection to it would block the copies).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DIRECT_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const name = `blog_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const template = openPostgres(target.toString(), { max: 1 });
  await template.migrate();
  await template.close();
  process.env.TEST_DATABASE_TEMPLATE = name;
  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}
