/**
 * When the requests a service admitted were sent, over the last second: what a window of the service
 * admitted is what was sent within it, whenever the answers came.
 */
export class Admissions {
	/** Send times in order, from `head` on (the older are dropped as time passes). */
	private times: number[] = [];
	private head = 0;

	/** Records an admitted request by when it was sent. */
	add(sentAt: number): void {
		let index = this.times.length;
		while (index > this.head && this.times[index - 1] > sentAt) index--;
		this.times.splice(index, 0, sentAt);
		this.inLastSecond(Date.now());
	}

	/** How many requests were admitted that were sent in the second before `now`. */
	inLastSecond(now: number): number {
		while (this.head < this.times.length && this.times[this.head] <= now - 1_000) this.head++;
		if (this.head > 1_024) {
			this.times = this.times.slice(this.head);
			this.head = 0;
		}
		return this.times.length - this.head;
	}
}
