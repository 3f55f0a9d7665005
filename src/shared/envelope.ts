/** Every API response body: inner `code` 200 is success (SPEC.md sections 7 and 8). */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const SUCCESS_CODE = 200;
