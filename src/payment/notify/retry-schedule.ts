/**
 * Delays before the 2nd, 3rd, … attempt of a notifyUrl delivery: 15 s growing to 6 h, 24 h 4 min in all
 * (the schedule WeChat Pay uses for its own notifications, which business systems already cope with).
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600,
].map((s) => s * 1000);
