import PQueue from 'p-queue';

/**
 * Renders a person asks for on the spot (a template's preview, a workflow's) take turns, one at a
 * time per process, each after the event loop has had its go: a render holds the loop for up to
 * its budget, and twenty at once would otherwise hold every other request up for seconds
 * (docs/decisions/0031-templates-under-a-budget.md).
 */
const turns = new PQueue({ concurrency: 1 });

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Run `render` when its turn comes; its result or its error is the caller's. */
export function renderInTurn<T>(render: () => Promise<T>): Promise<T> {
  return turns.add(async () => {
    await yieldToEventLoop();
    return render();
  });
}
