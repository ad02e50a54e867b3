/** Base of every error the client throws; `message` is already in the diner's language when the server sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined = undefined,
    readonly statusCode: number | undefined = undefined,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Reply message 'invalid token': the diner must log in again (spec §8). */
export class AuthRequired extends ApiError {}

/** Reply status 0: show the server's message (spec §8). `details` carries machine-readable extras. */
export class ServerMessage extends ApiError {
  constructor(
    message: string,
    code: string | undefined,
    statusCode: number | undefined,
    readonly details: unknown = undefined,
  ) {
    super(message, code, statusCode);
  }
}

/** The network is down or the server unreachable: 'No Internet Connection' (spec §8). */
export class NoInternet extends ApiError {
  constructor() {
    super('No Internet Connection', 'errors.noInternet');
  }
}

/** The call took longer than its service's time-out (spec §7). */
export class RequestTimeout extends ApiError {
  constructor(readonly timeoutMs: number) {
    super('Request timed out', 'errors.timeout');
  }
}

/** A table check answered 404: 'Invalid QR code.' (spec §8); the app goes to /qrError. */
export class InvalidQr extends ApiError {}

/** The reply did not match the contract: a server and client out of step. */
export class ContractMismatch extends ApiError {}
