// The module hooks of load-recorder.mjs (they run on the loader's own thread).
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (process.env.RED7_LOAD_LOG) appendFileSync(process.env.RED7_LOAD_LOG, `${result.url}\n`);
  return result;
}
