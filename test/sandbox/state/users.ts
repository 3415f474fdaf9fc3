/** Users of the sandbox and their bearer tokens. */
import type { ModelContext, UserRec, UserRef } from './records';

export class UserStore {
	/** in creation order: index 0 is the demo user */
	list: UserRec[] = [];
	private byId = new Map<string, UserRec>();
	private byAccessToken = new Map<string, UserRec>();

	constructor(private readonly ctx: ModelContext) {}

	clear(): void {
		this.list = [];
		this.byId.clear();
		this.byAccessToken.clear();
	}

	add(name: string, email: string, color: string): UserRec {
		const user: UserRec = {
			id: this.ctx.rng.uuid(),
			index: this.list.length,
			name,
			email,
			color,
			accessToken: `${this.list.length + 1}|${this.ctx.rng.alnum(40)}`,
			createdAt: this.ctx.clock.now(),
		};
		this.list.push(user);
		this.byId.set(user.id, user);
		this.byAccessToken.set(user.accessToken, user);
		return user;
	}

	/** A user by index (0 = demo user) or id; throws when unknown. */
	get(ref: UserRef): UserRec {
		const user = typeof ref === 'number' ? this.list[ref] : this.byId.get(ref);
		if (!user) throw new Error(`Unknown sandbox user: ${String(ref)}`);
		return user;
	}

	/** Issues a new access token for the user; the old one stops working (a token rotation). */
	rotateAccessToken(ref: UserRef): string {
		const user = this.get(ref);
		this.byAccessToken.delete(user.accessToken);
		user.accessToken = `${user.index + 1}|${this.ctx.rng.alnum(40)}`;
		this.byAccessToken.set(user.accessToken, user);
		return user.accessToken;
	}

	byToken(token: string): UserRec | undefined {
		return this.byAccessToken.get(token);
	}
}
