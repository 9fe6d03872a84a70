import { AppError } from '../errors/app-error.js';
import { tryAgainIn } from '../ratelimit/wait-words.js';
import { inMemoryRateLimits, type RateLimit, type RateLimitDecision, type RateLimitFactory } from '../ratelimit/rate-limiter.js';

export interface LoginLimits {
  /** Log-in attempts per client IP per minute (default 10). */
  perIpPerMinute: number;
  /** Failed attempts per user name per 15 minutes (default 5). */
  failuresPerUser: number;
}

export const DEFAULT_LOGIN_LIMITS: Readonly<LoginLimits> = Object.freeze({ perIpPerMinute: 10, failuresPerUser: 5 });

function tooMany(decision: RateLimitDecision): AppError {
  const text = tryAgainIn({ zh: '登录尝试过于频繁', en: 'Too many log-in attempts' }, decision.retryAfterSeconds);
  return new AppError('RATE_LIMITED', text.zh, {
    messageEn: text.en,
    headers: { 'Retry-After': String(decision.retryAfterSeconds) },
  });
}

/**
 * Brute-force protection for password checks. The log-in form counts every attempt against the client
 * IP; Basic authentication (a credential sent with every API call) counts only its failures there.
 * Failures count against the user name; a success clears the name's failures. Limits come from the
 * settings on each call; a change starts fresh counters in memory (on PostgreSQL the shared counts stay,
 * judged against the new limits). The limiters come from the host's factory: shared by the replicas on
 * PostgreSQL.
 */
export class LoginGuard {
  private limits?: LoginLimits;
  private perIp!: RateLimit;
  private perUser!: RateLimit;

  constructor(
    private readonly rateLimits: RateLimitFactory = inMemoryRateLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Throws RATE_LIMITED (429 with Retry-After) before the password is even checked. */
  async admit(limits: LoginLimits, ip: string, username: string, countAttempt: boolean): Promise<void> {
    this.use(limits);
    const user = await this.perUser.check(username.toLowerCase());
    if (!user.allowed) throw tooMany(user);
    const byIp = await (countAttempt ? this.perIp.hit(ip) : this.perIp.check(ip));
    if (!byIp.allowed) throw tooMany(byIp);
  }

  /** Records a failed password check; `ip` also counts it for the address (Basic authentication). */
  async failed(username: string, ip?: string): Promise<void> {
    await this.perUser.hit(username.toLowerCase());
    if (ip !== undefined) await this.perIp.hit(ip);
  }

  async succeeded(username: string): Promise<void> {
    await this.perUser.reset(username.toLowerCase());
  }

  private use(limits: LoginLimits): void {
    if (this.limits && this.limits.perIpPerMinute === limits.perIpPerMinute && this.limits.failuresPerUser === limits.failuresPerUser)
      return;
    this.limits = { ...limits };
    this.perIp = this.rateLimits('host:login-ip', { limit: limits.perIpPerMinute, windowMs: 60_000, clock: this.clock });
    this.perUser = this.rateLimits('host:login-user', { limit: limits.failuresPerUser, windowMs: 15 * 60_000, clock: this.clock });
  }
}
