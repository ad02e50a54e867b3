/** The part of the server's logger (pino) the identity adapters use. */
export interface IdentityLog {
  warn(details: Record<string, unknown>, message: string): void;
}
