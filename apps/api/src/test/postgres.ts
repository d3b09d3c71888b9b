import pg from 'pg';

/** A client on TEST_DATABASE_URL (or `url`), with a clear French error when PostgreSQL cannot be reached. */
async function pgClient(url = process.env.TEST_DATABASE_URL): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`PostgreSQL injoignable à TEST_DATABASE_URL (${url}) : ${(error as Error).message}`);
  }
  return client;
}

/** One statement on its own short connection: the schemas made and dropped around a test file. */
export async function pgQuery(text: string, values: unknown[] = [], url?: string): Promise<pg.QueryResult> {
  const client = await pgClient(url);
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
