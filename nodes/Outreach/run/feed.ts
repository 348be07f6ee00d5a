import { NodeOperationError } from 'n8n-workflow';

import { failed, type Endings } from './endings';
import { checkLeads, leadsOf } from './leads';
import type { NodeRun } from './nodeRun';
import { withdraw, type Plan } from './sending';

/** Plans checked against the record together, closed once all have ended. */
interface Checked {
	close(endings: Endings): Promise<void>;
	underWay(): void;
	/** Plans not yet taken by a sender, and not yet ended. */
	untaken: number;
	open: number;
	closing?: Promise<void>;
	closed: Promise<void>;
	/** While the group is open: whom its plans reach, and their writes' keys. */
	leads: Set<string>;
	writes: Set<string>;
}

type Fed = { plan: Plan; group: Checked };

/**
 * A run's plans, in input order, checked against the record group by group. A group's leads are
 * held until its plans have ended, so that two runs cannot wait on each other's leads forever.
 */
export class PlanFeed {
	private readonly fed: Fed[] = [];
	private readonly groups: Checked[] = [];
	private next = 0;
	private planned = 0;
	private ended = false;
	private arrived = () => undefined as void;
	private arrival = this.nextArrival();

	constructor(
		private readonly run: NodeRun,
		private readonly endings: Endings,
		private readonly count: number,
	) {}

	private nextArrival(): Promise<void> {
		return new Promise<void>((resolve) => (this.arrived = resolve));
	}

	private wake(): void {
		const arrived = this.arrived;
		this.arrival = this.nextArrival();
		arrived();
	}

	get sending(): boolean {
		return this.fed.length > 0;
	}

	/** Checks `plans` against the record, handing on those to send (or, failing, their errors). */
	async add(plans: Plan[], planned: number): Promise<void> {
		this.planned = planned;
		if (!plans.length) return;
		// Nothing under way yet: the node fails, as it would with one group.
		const checked = this.sending
			? await checkLeads(this.run, plans, this.endings).catch((error: Error) => error)
			: await checkLeads(this.run, plans, this.endings);
		if (checked instanceof Error) {
			const node = this.run.context.getNode();
			// The message is all an error item's JSON (and an AI agent) gets.
			const message = `Not sent: n8n’s record of the leads this node reached could not be read (${checked.message})`;
			const description =
				'Earlier items of the run went ahead. Run this item again once n8n’s database answers.';
			withdraw(plans);
			for (const plan of plans) {
				const unread = new NodeOperationError(node, message, { description });
				this.endings[plan.index] = failed('unsent', unread, plan.index);
			}
			this.wake();
			return;
		}
		let closed = () => undefined as void;
		const group: Checked = {
			close: async (endings) => {
				await checked.close(endings).finally(() => {
					group.leads.clear();
					group.writes.clear();
					closed();
				});
			},
			underWay: checked.underWay,
			untaken: checked.plans.length,
			open: checked.plans.length,
			closed: new Promise<void>((resolve) => (closed = resolve)),
			leads: new Set(checked.plans.flatMap((plan) => plan.leads ?? [])),
			writes: new Set(checked.plans.flatMap((plan) => plan.key ?? [])),
		};
		this.groups.push(group);
		for (const plan of checked.plans) this.fed.push({ plan, group });
		if (!group.open) this.close(group);
		this.wake();
	}

	/**
	 * Whether the plan is a write identical to one of a group still open, or reaches one of its leads:
	 * it waits for that group to close, which takes back the leads its items did not reach.
	 */
	shares(plan: Plan): boolean {
		const places = this.run.operation.write?.places;
		const leads = places && plan.sent ? leadsOf(places, this.run.account.baseUrl, plan.sent) : [];
		return this.groups.some(
			(group) =>
				(plan.key !== undefined && group.writes.has(plan.key)) ||
				leads.some((lead) => group.leads.has(lead)),
		);
	}

	async drained(): Promise<void> {
		await this.run.until(Promise.all(this.groups.map(async (group) => await group.closed)));
	}

	end(): void {
		this.ended = true;
		this.wake();
	}

	/** The next plan to send, once there is one; none once the feed has ended or the run stopped. */
	async take(): Promise<Fed | undefined> {
		for (;;) {
			if (this.run.stopped) return undefined;
			const fed = this.fed[this.next];
			if (fed) {
				this.next++;
				this.run.backlog.count = this.fed.length - this.next + this.count - this.planned;
				if (--fed.group.untaken === 0) fed.group.underWay();
				return fed;
			}
			if (this.ended) return undefined;
			await this.run.until(this.arrival);
		}
	}

	done(fed: Fed): void {
		if (--fed.group.open === 0) this.close(fed.group);
	}

	private close(group: Checked): void {
		group.closing ??= group.close(this.endings);
		// Awaited in closeAll(); until then a failure must not go unhandled.
		group.closing.catch(() => undefined);
	}

	/** Once the senders are done: plans a stopped run never took are not sent, nor counted. */
	async closeAll(): Promise<void> {
		withdraw(this.fed.slice(this.next).map((fed) => fed.plan));
		for (const group of this.groups) this.close(group);
		await Promise.all(this.groups.map(async (group) => await group.closing));
	}
}
