// Shares a bounded number of upstream requests in flight fairly between the client requests
// that need them. Each client request is a job with its own queue of tasks, run in the order
// given; the free slots go to the jobs in turn, so a whole entry of thousands of sections
// delays another reader's request by one turn, not by thousands. A job whose client has gone
// drops the tasks it has not started.

export class Cancelled extends Error {
  constructor() {
    super('The request was cancelled.');
  }
}

interface Task {
  start: () => Promise<void>;
  cancel: () => void;
}

export class Job {
  readonly tasks: Task[] = [];
  /** Tasks this job has scheduled: requests made for it, that no cache or other request answered. */
  scheduled = 0;
  /** Requests made for other jobs, still in flight, whose answers this job waited for. */
  joined = 0;
  cancelled = false;
  private readonly onCancelled = new Set<() => void>();

  constructor(private readonly scheduler: FairScheduler) {}

  /** Calls `hook` if the job is cancelled, until the returned function is called. */
  whenCancelled(hook: () => void): () => void {
    if (this.cancelled) {
      hook();
      return () => {};
    }
    this.onCancelled.add(hook);
    return () => this.onCancelled.delete(hook);
  }

  /** Runs `task` when a slot is free and it is this job's turn. */
  schedule<T>(task: () => Promise<T>): Promise<T> {
    if (this.cancelled) return Promise.reject(new Cancelled());
    this.scheduled++;
    return new Promise<T>((resolve, reject) => {
      this.tasks.push({
        start: () => Promise.resolve().then(task).then(resolve, reject),
        cancel: () => reject(new Cancelled()),
      });
      this.scheduler.wake(this);
    });
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    for (const task of this.tasks.splice(0)) task.cancel();
    for (const hook of [...this.onCancelled]) hook();
    this.onCancelled.clear();
  }
}

/**
 * Tasks started in one go. Starting a request takes a fraction of a millisecond; a whole
 * entry's thousands started at once would hold up everything else the process does (the page
 * waiting for its first screen among them), so the rest start on the next turn of the loop.
 */
const STARTS_PER_TURN = 16;

export class FairScheduler {
  private running = 0;
  /** Tasks started on this turn of the event loop. */
  private startedThisTurn = 0;
  /** Jobs with tasks waiting, in the order of their turns. */
  private readonly turns: Job[] = [];

  constructor(readonly limit: number) {}

  /** Tasks started and not finished, and tasks waiting. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.turns.reduce((sum, job) => sum + job.tasks.length, 0) };
  }

  /** A new job, cancelled when `signal` aborts. */
  job(signal?: AbortSignal): Job {
    const job = new Job(this);
    signal?.addEventListener('abort', () => job.cancel(), { once: true });
    if (signal?.aborted) job.cancel();
    return job;
  }

  /** @internal Called by a job that has queued a task. */
  wake(job: Job): void {
    if (!this.turns.includes(job)) this.turns.push(job);
    this.next();
  }

  private next(): void {
    while (this.running < this.limit && this.startedThisTurn < STARTS_PER_TURN) {
      const job = this.turns.shift();
      if (!job) return;
      const task = job.tasks.shift();
      if (!task) continue;
      if (job.tasks.length > 0) this.turns.push(job);
      this.running++;
      if (this.startedThisTurn++ === 0) {
        setImmediate(() => {
          this.startedThisTurn = 0;
          this.next();
        });
      }
      void task.start().finally(() => {
        this.running--;
        this.next();
      });
    }
  }
}
