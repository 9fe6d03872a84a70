/** Credentials of the local Stripe account used by the CARD tests (made up here; the fake API knows them). */
export const SECRET_KEY = 'sk_test_51AuthPayLocalFakeKey0123456789abcdefghij';
export const WEBHOOK_SECRET = 'whsec_LocalFakeEndpointSecret0123456789abcdef';
/** Another endpoint's secret: webhooks signed with it must be refused. */
export const OTHER_WEBHOOK_SECRET = 'whsec_SomeOtherEndpointSecret9876543210zyxwv';
