import type zh from '../zh-CN/merchant.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  merchant: {
    field: {
      merchantName: 'Merchant name',
      contactPerson: 'Contact person',
      contactPhone: 'Contact phone',
      contactEmail: 'Contact e-mail',
      businessType: 'Business type',
      description: 'What you sell',
      createdAt: 'Submitted',
    },
    onboard: {
      title: 'Apply to become a merchant',
      reviewed: 'An administrator reviews your application; once approved you can use the merchant platform.',
      notReviewed: 'The merchant platform opens as soon as you submit.',
      chooseType: 'Choose a business type',
      phoneInvalid: 'Enter a valid phone number (digits, with an optional +, spaces, parentheses and dashes)',
      terms: 'Merchant agreement',
      noTerms: 'No agreement terms yet.',
      accept: 'I have read and accept the merchant agreement',
      acceptRequired: 'Please read and accept the merchant agreement',
      fee: 'Account-opening fee {amount}: after submitting you pay it on the payment page; the application is submitted once it is paid.',
      submit: 'Submit application',
      submitAndPay: 'Submit and pay the fee',
      disabled: 'The merchant platform is not open.',
      closed: 'Merchant onboarding is closed for now; please come back later.',
    },
    fee: {
      title: 'Account-opening fee due',
      explain: 'Your application is saved and is submitted once the account-opening fee is paid. Pay now, or come back to this page later.',
      amount: 'Amount',
      status: 'Status',
      paymentId: 'Payment number',
      expiresAt: 'Pay by',
      pay: 'Pay now',
      paid: 'I have paid: check again',
    },
    status: {
      explain: {
        PENDING: 'Your application is being reviewed. You will hear the result by notification and e-mail.',
        ACTIVE: 'Your merchant is active: you can use the merchant platform and its API.',
        REJECTED: 'Your application was not approved. Contact the site administrator if you have questions.',
        SUSPENDED:
          'Your merchant is suspended: the merchant platform and its API are not available. Contact the site administrator if you have '
          + 'questions.',
      },
      remark: 'Administrator’s remark',
      decidedAt: 'Decided at {time}',
      platform: 'Merchant platform',
      roleComing: 'The merchant platform is being opened; reload this page in a moment.',
      profile: 'Merchant profile',
    },
    orders: {
      field: {
        paymentId: 'Payment number',
        orderId: 'Order number',
        subject: 'Item',
        body: 'Description',
        amount: 'Amount',
        refunded: 'Refunded',
        channel: 'Payment method',
        paymentType: 'Payment service',
        channelTradeNo: 'Channel trade number',
        status: 'Status',
        createdAt: 'Created',
        paidAt: 'Paid',
        expiresAt: 'Expires',
        failureReason: 'Failure reason',
        notifyUrl: 'Notification URL',
        returnUrl: 'Return URL',
      },
      failureReason: { CLOSED: 'Closed', TIMEOUT: 'Not paid in time', CHANNEL_FAILED: 'Failed at the channel' },
      createdFrom: 'Created from',
      createdTo: 'Created to',
      refresh: 'Refresh',
      empty: 'No orders match',
      detailsTitle: 'Order details',
      openPayPage: 'Open payment page',
      close: 'Close order',
      confirmClose: 'Close order {id}? It can no longer be paid.',
      closed: 'The order is closed',
      confirmDelete: 'Delete order {id}? This cannot be undone.',
    },
    keys: {
      intro:
        'API keys are access tokens that can call the merchant platform API only: your business system initiates and queries payments '
        + 'with them, and they reach nothing else of your account.',
      usage: 'Your business system sends it as Authorization: Bearer <key>. Examples:',
    },
    docs: {
      access: 'Address and authentication',
      accessText:
        'The merchant platform API is called over HTTPS with JSON requests and answers. Every order belongs to your merchant; no other '
        + 'merchant’s data can be reached.',
      base: 'API address',
      auth: 'Authentication: send an API key in the header Authorization: Bearer <API key>. Create keys under',
      envelope:
        'Every answer has success (true or false), code (OK or an error code), message (a readable text) and data (the result). Send '
        + 'Accept-Language: en for English messages.',
      operations: 'Operations',
      op: {
        initiatePayment: 'initiate a payment (POST, JSON)',
        initiatePaymentEncrypt: 'initiate a payment with an encrypted request (POST, JWE)',
        queryPaymentByOrderId: 'payment status by your order number (GET)',
        queryPaymentByPaymentId: 'payment status by payment number (GET)',
        listPaymentInfo: 'your orders, filtered by status, type and dates (GET)',
        closePayment: 'close an unpaid order (POST)',
        overviewData: 'overview figures (GET)',
        supportedPaymentChannels: 'the payment methods usable now (GET)',
        interfacePublicKey: 'the interface public key (GET)',
      },
      key: 'Interface public key',
      keyText:
        'Encrypts initiatePaymentEncrypt requests and verifies the signatures of the notifications sent to your notifyUrl. The '
        + 'examples below carry it.',
      noKey:
        'The site has no interface key yet, so encrypted initiation and notification signatures are not available; contact the site '
        + 'administrator.',
      section: {
        initiate: {
          title: 'Initiate a payment',
          text:
            'orderId is unique within your merchant; sending the same orderId with the same terms again answers the same unpaid order, '
            + 'so retries are safe. The answer’s qrCode or payUrl takes the payment; pageUrl is this site’s payment page.',
        },
        query: {
          title: 'Query and close orders',
          text:
            'Status by your order number or by payment number, a paged order list, and closing an unpaid order (a paid one cannot be '
            + 'closed).',
        },
        encrypted: {
          title: 'Encrypted initiation',
          text:
            'The body is a compact JWE (alg RSA-OAEP-256, enc A256GCM) whose plaintext is the initiation JSON plus timestamp (Unix '
            + 'seconds, valid for 5 minutes) and nonce (16–64 random characters, never reused).',
        },
        notify: {
          title: 'Verify notification signatures',
          text:
            'When an order’s status changes this site POSTs JSON to its notifyUrl with X-AuthPay-Timestamp (the time) and '
            + 'X-AuthPay-Signature (base64 RSA-SHA256 over "timestamp.raw body"). Verify it over the raw bytes received with the '
            + 'interface public key, check the time, treat eventId as idempotent and answer 2xx.',
        },
      },
      copy: 'Copy the {language} code',
      codeOf: '{language} example code',
    },
  },
} satisfies CatalogShape<typeof zh>;
