import express, { type Router } from 'express';
import path from 'node:path';
import type { OrderDeps } from '../orders/order-events.js';
import { looksLikePaymentId } from '../orders/payment-id.js';
import { syncWithChannel } from '../orders/sync-payment.js';
import { PaymentInfo } from '../orders/types.js';
import { pageLanguage } from './page-language.js';
import { PAGE_TEMPLATE_DIR } from './page-template.js';
import { renderNotFoundPage, renderPaymentPage } from './render-page.js';

/** Services whose page asks the channel once when opened (spec: international wallet, card, custom). */
const QUERY_ON_OPEN = new Set(['INTL_WALLET', 'CARD', 'CUSTOM']);

/**
 * `GET /payment/{paymentId}` (HTML, anonymous; `?lang=zh-CN|en`, else Accept-Language) and its script.
 * Mounted at /payment by service.ts.
 */
export function paymentPageRouter(deps: OrderDeps): Router {
  const router = express.Router();
  router.get('/assets/payment-page.js', (_req, res) => {
    res
      .type('application/javascript')
      .set('Cache-Control', 'public, max-age=300')
      .sendFile(path.join(PAGE_TEMPLATE_DIR, 'payment-page.js'));
  });
  router.get('/:paymentId', async (req, res, next) => {
    try {
      const id = req.params.paymentId;
      let order = looksLikePaymentId(id) ? await deps.client.fetch(PaymentInfo, id) : undefined;
      const language = pageLanguage(req.query.lang, req.headers['accept-language']);
      res.set('Cache-Control', 'no-store').vary('Accept-Language');
      if (!order) return void res.status(404).type('html').send(renderNotFoundPage(language));
      order = await queryOnOpen(deps, order);
      res.type('html').send(await renderPaymentPage(order.spec, { language }));
    } catch (err) {
      next(err);
    }
  });
  return router;
}

async function queryOnOpen(deps: OrderDeps, order: PaymentInfo): Promise<PaymentInfo> {
  const open = order.spec.status === 'UNPAID' || order.spec.status === 'PAYING';
  if (!open || !QUERY_ON_OPEN.has(order.spec.paymentType)) return order;
  try {
    return await syncWithChannel(deps, order, 'PAGE_QUERY');
  } catch (err) {
    deps.logger.warn({ paymentId: order.spec.paymentId, err: (err as Error).message }, 'payment page could not query the channel');
    return order;
  }
}
