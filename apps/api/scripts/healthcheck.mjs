/**
 * The image's HEALTHCHECK: `/health` of the server in this container, on its own port (PORT, as the
 * server reads it; 3000 unset). Exit 0 on 200 (the database answered), 1 on anything else or no answer
 * within 4 s. The Kubernetes probes and Caddy ask the same path (deploy/).
 */
import process from 'node:process';

const port = process.env.PORT?.trim() || '3000';
try {
  const reply = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(4_000) });
  process.exit(reply.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
