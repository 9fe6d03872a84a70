/**
 * Kubernetes' HumanDuration (k8s.io/apimachinery/pkg/util/duration): the AGE text kubectl shows, e.g.
 * "45s", "3m20s", "5h12m", "3d4h", "2y30d". Two seconds of clock skew still count as "0s".
 */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) return withRest(minutes, 'm', seconds % 60, 's');
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) return withRest(hours, 'h', minutes % 60, 'm');
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) return withRest(days, 'd', hours % 24, 'h');
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) return withRest(years, 'y', days % 365, 'd');
  return `${years}y`;
}

function withRest(major: number, majorUnit: string, minor: number, minorUnit: string): string {
  return minor === 0 ? `${major}${majorUnit}` : `${major}${majorUnit}${minor}${minorUnit}`;
}
