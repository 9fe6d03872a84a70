// The principal moved to src/host/request (below auth, rbac and the operations). This path stays only while
// services still import it directly (src/payment/uc/uc-operations.ts); delete it once they use the SDK.
export * from '../request/principal.js';
