/** The JSON a text holds, or undefined when it is not JSON (a provider's reply or webhook body). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
