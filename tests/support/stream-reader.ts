/** Reads a text/event-stream response as it arrives, until a given text has come. */
export function streamReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    text: () => text,
    /** Forgets what has come, so the next `until` waits for a new occurrence. */
    clear() {
      text = '';
    },
    async until(needle: string) {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value, { stream: true });
      }
    },
  };
}
