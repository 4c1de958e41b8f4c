/**
 * A Server-Sent Events answer the test writes to as it goes: `send` one event, `end` the stream. Aborting the
 * request's signal breaks the stream the way a closed connection does.
 */
export function sseResponse(signal?: AbortSignal | null) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () => {
    if (!open) return;
    open = false;
    controller.error(new DOMException('The operation was aborted.', 'AbortError'));
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send(event: string, data: unknown) {
      if (open) controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    end() {
      if (!open) return;
      open = false;
      controller.close();
    },
  };
}
