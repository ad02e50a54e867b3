/** The food court's own hosts (`{mall}.{public host}`): which host is a mall's, and its origin. */
import { malls } from '../db/schema';
import type { AppContext } from '../services/context';

/** How long the list of mall slugs (for mall hosts) is trusted before it is read again. */
const MALL_SLUGS_TTL_MS = 60_000;

/** True when the host's first label is a known mall (`mall-demo.santap.my`): the food-court app's host. */
export function mallHostCheck(ctx: AppContext) {
  let slugs: Set<string> | undefined;
  let readAt = 0;
  return async (hostname: string): Promise<boolean> => {
    const label = hostname.split(':')[0]!.split('.')[0]!.toLowerCase();
    if (!hostname.includes('.') || !label) return false;
    if (!slugs || Date.now() - readAt > MALL_SLUGS_TTL_MS) {
      const rows = await ctx.db.select({ slug: malls.slug }).from(malls);
      slugs = new Set(rows.map((row) => row.slug));
      readAt = Date.now();
    }
    return slugs.has(label);
  };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin a food-court payment returns to when it was started on the mall's own host: the
 * gateway must bring the diner back where their cart token cookie and login live, not to
 * `publicUrl` (another host, other cookies). Only `{mall}.{public host}` with the public URL's
 * port and scheme qualifies (in development, `{mall}.localhost` for a loopback public URL), so the
 * Host header cannot send a payer anywhere else; every other request returns to `publicUrl`.
 *
 * @example mallHostOrigin('https://santap.my', 'mall-demo.santap.my', 'mall-demo') // 'https://mall-demo.santap.my'
 */
export function mallHostOrigin(publicUrl: string, host: string, mall: string): string | undefined {
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) return undefined;
  let base: URL;
  let asked: URL;
  try {
    base = new URL(publicUrl);
    asked = new URL(`${base.protocol}//${host}`);
  } catch {
    return undefined;
  }
  const [label, ...rest] = asked.hostname.toLowerCase().split('.');
  const parent = rest.join('.');
  const sameParent = parent === base.hostname || (LOOPBACK.has(base.hostname) && parent === 'localhost');
  if (label !== mall || !sameParent || asked.port !== base.port) return undefined;
  return asked.origin;
}
