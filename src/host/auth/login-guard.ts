import { AppError } from '../errors/app-error.js';
import { RateLimiter, type RateLimitDecision } from '../ratelimit/rate-limiter.js';

export interface LoginLimits {
  /** Log-in attempts per client IP per minute (default 10). */
  perIpPerMinute: number;
  /** Failed attempts per user name per 15 minutes (default 5). */
  failuresPerUser: number;
  clock?: () => number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perIpPerMinute: 10, failuresPerUser: 5 };

function tooMany(decision: RateLimitDecision): AppError {
  const seconds = String(decision.retryAfterSeconds);
  return new AppError('RATE_LIMITED', `登录尝试过于频繁，请 ${seconds} 秒后再试`, {
    messageEn: `too many log-in attempts; retry in ${seconds} s`,
    headers: { 'Retry-After': seconds },
  });
}

/**
 * Brute-force protection for password checks (log-in form and Basic authentication): every attempt counts
 * against the client IP, failures count against the user name, and a success clears the name's failures.
 */
export class LoginGuard {
  private readonly perIp: RateLimiter;
  private readonly perUser: RateLimiter;

  constructor(limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
    this.perIp = new RateLimiter({ limit: limits.perIpPerMinute, windowMs: 60_000, clock: limits.clock });
    this.perUser = new RateLimiter({ limit: limits.failuresPerUser, windowMs: 15 * 60_000, clock: limits.clock });
  }

  /** Throws RATE_LIMITED (429 with Retry-After) before the password is even checked. */
  admit(ip: string, username: string): void {
    const user = this.perUser.check(username.toLowerCase());
    if (!user.allowed) throw tooMany(user);
    const byIp = this.perIp.hit(ip);
    if (!byIp.allowed) throw tooMany(byIp);
  }

  failed(username: string): void {
    this.perUser.hit(username.toLowerCase());
  }

  succeeded(username: string): void {
    this.perUser.reset(username.toLowerCase());
  }
}
