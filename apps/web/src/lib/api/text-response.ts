/**
 * Reads a plain-text answer (CSV, a sample file). An error answer is still the JSON envelope of
 * contract §1.4, so it is parsed as such and its `message` reaches the error toast instead of a
 * bare "Request failed with status code N".
 */
export async function readTextAnswer(response: Response): Promise<unknown> {
  const text = await response.text();
  if (response.ok) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
