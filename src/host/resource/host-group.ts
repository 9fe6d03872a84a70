/** The API group and version of the host's own kinds (src/host/crds/), as their `defineKind`s name them. */
export const HOST_GROUP = 'host.authpay.dev';
export const HOST_VERSION = 'v1alpha1';
