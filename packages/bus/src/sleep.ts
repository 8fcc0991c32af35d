/** A sleep that `wake()` ends early; `clear()` cancels the timer. Used so close() never waits on a timer. */
export class Waiter {
  private timer: NodeJS.Timeout | undefined;
  private resolve: (() => void) | undefined;

  wait(ms?: number): Promise<void> {
    this.wake();
    return new Promise<void>((resolve) => {
      this.resolve = resolve;
      if (ms !== undefined) this.timer = setTimeout(() => this.wake(), ms);
    });
  }

  wake(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const resolve = this.resolve;
    this.resolve = undefined;
    resolve?.();
  }
}

/** Resolves with the promise's outcome, or with 'timeout' after ms (the timer never outlives the call). */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
