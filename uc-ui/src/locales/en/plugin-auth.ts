import type zh from '../zh-CN/plugin-auth.js';
import type { CatalogShape } from '@shared/i18n/catalog.js';

export default {
  pluginAuth: {
    catalog: {
      keyword: 'Search plugins',
      keywordLabel: 'Plugin name or keyword',
      authCount: 'Domains per person: {n}',
      version: 'Version {v}',
      author: 'By {name}',
      docs: 'Documentation',
      download: 'Download',
      priceFree: 'Free',
      none: 'No plugins found.',
    },
    apply: {
      title: 'Apply for a license · {plugin}',
      activateTitle: 'Activate with a code · {plugin}',
      apply: 'Apply',
      activate: 'Activate with a code',
      domain: 'Domain or URL',
      domainHint: 'www.example.com or https://www.example.com/',
      code: 'License code',
      applyNote: 'An administrator reviews your application. www.a.com and a.com are different domains.',
      activateNote: 'Use a free trial code or a permanent code; a valid code licenses the domain at once.',
      submit: 'Submit application',
      submitActivate: 'Activate',
      submitted: 'Application submitted; it is waiting for review',
      activated: 'Activated: the domain is licensed',
    },
    // What an application did, as the server answers it (applyAuthorization's outcome).
    applied: {
      authorizedPermanently: '{domain} is authorized permanently: you own this plugin, so no review is needed',
      alreadyApplied: '{domain} already has an authorization record for this plugin; nothing was changed',
    },
    mine: {
      keyword: 'Plugin or domain',
      status: 'Status',
      validity: 'Validity',
      plugin: 'Plugin',
      domain: 'Domain',
      authTime: 'Authorized on',
      expireTime: 'Expires',
      license: 'Download license.key',
      apply: 'Apply for a license',
      none: 'No authorizations yet. Apply for one in the plugin catalog.',
      confirmDelete: 'Delete the authorization of {domain}? This cannot be undone.',
      unconfirmed: 'Needs my confirmation',
      unconfirmedHint:
        'Someone applied for this domain in your name through the public API. It counts against your limit and goes to review '
        + 'only once you confirm it; delete domains you do not know.',
      confirm: 'Confirm application',
      confirmApply: 'Apply for {domain}? This uses one of your licenses.',
      confirmed: 'Confirmed; it is waiting for review',
      downloaded: 'license.key downloaded',
    },
  },
} satisfies CatalogShape<typeof zh>;
