/** TronGrid over HTTP: its v1 extension API (GET, paged) and the full/solidity node API (POST). */
export interface Page<T> {
  data: T[];
  success: boolean;
  meta?: { fingerprint?: string };
}

const PAGE_LIMIT = 200;

export class TronGrid {
  constructor(
    private readonly apiUrl: string,
    private readonly apiKey: string | undefined,
  ) {}

  headers(): Record<string, string> {
    return this.apiKey ? { 'TRON-PRO-API-KEY': this.apiKey } : {};
  }

  async get<T>(path: string, query: Record<string, string | number | boolean>): Promise<T> {
    const url = new URL(`${this.apiUrl}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    const response = await fetch(url, { headers: this.headers() });
    if (!response.ok) throw new Error(`TronGrid ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }

  async post<T>(path: string, body: object): Promise<T> {
    const response = await fetch(`${this.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.headers() },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`TronGrid ${path} answered ${response.status}`);
    const answer = (await response.json()) as unknown;
    // A node answers its errors with 200 and an Error field. Read as "nothing there", one would move the
    // block cursor past blocks never read, or mark a deposit the chain holds as dropped.
    if (typeof answer === 'object' && answer !== null && 'Error' in answer) throw new Error(`TronGrid ${path} answered an error: ${String(answer.Error)}`);
    return answer as T;
  }

  /**
   * Pages of one v1 list, following `meta.fingerprint`, at most `maxPages` of them. `complete`: the list
   * ended before that bound. `cut`: a full page came without a fingerprint (TronGrid does that on the
   * contract events list, TRON-US/trongrid#23), so there may be more that paging cannot reach.
   */
  async pages<T>(
    path: string,
    query: Record<string, string | number | boolean>,
    maxPages: number,
  ): Promise<{ items: T[]; complete: boolean; cut: boolean; pages: number }> {
    const items: T[] = [];
    let fingerprint: string | undefined;
    for (let page = 0; page < maxPages; page += 1) {
      const answer = await this.get<Page<T>>(path, { ...query, limit: PAGE_LIMIT, ...(fingerprint ? { fingerprint } : {}) });
      if (!answer.success) throw new Error(`TronGrid ${path} reported failure`);
      items.push(...answer.data);
      fingerprint = answer.meta?.fingerprint;
      if (answer.data.length < PAGE_LIMIT) return { items, complete: true, cut: false, pages: page + 1 };
      if (!fingerprint) return { items, complete: false, cut: true, pages: page + 1 };
    }
    return { items, complete: false, cut: false, pages: maxPages };
  }
}
