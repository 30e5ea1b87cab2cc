/** Why a wire string could not be opened. Each reason maps to one stable API error code on the server. */
export type EnvelopeFailure = 'not_hex' | 'bad_length' | 'bad_padding' | 'not_json' | 'not_object';

export class EnvelopeError extends Error {
  readonly failure: EnvelopeFailure;

  constructor(failure: EnvelopeFailure, message: string) {
    super(message);
    this.name = 'EnvelopeError';
    this.failure = failure;
  }
}

export function isEnvelopeError(error: unknown): error is EnvelopeError {
  return error instanceof EnvelopeError;
}
