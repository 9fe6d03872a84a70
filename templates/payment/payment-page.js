// Payment page behaviour: countdown, status polling, in-place updates, sandbox buttons, the WeChat JSAPI
// invocation. Served as a file because the Content-Security-Policy allows no inline script. Requests omit
// credentials: the page is public. Every text it shows comes from the page's JSON config (the server's
// message table in the page's language), none is written here.
(function () {
  'use strict';
  var OPEN = { UNPAID: true, PAYING: true };
  var POLLED = { UNPAID: true, PAYING: true, UNKNOWN: true };
  var config = readConfig(document);
  var countdownTimer;
  var pollTimer;
  var updating = false;

  function readConfig(doc) {
    return JSON.parse(doc.getElementById('payment-config').textContent);
  }

  function pad(n) { return (n < 10 ? '0' : '') + n; }

  function startCountdown() {
    clearInterval(countdownTimer);
    var countdown = document.getElementById('countdown');
    if (!countdown || !countdown.dataset.expiresAt) return;
    var expires = Date.parse(countdown.dataset.expiresAt);
    var tick = function () {
      var left = Math.max(0, Math.floor((expires - Date.now()) / 1000));
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      countdown.textContent = (h ? h + ':' : '') + pad(m) + ':' + pad(s);
    };
    tick();
    countdownTimer = setInterval(tick, 1000);
  }

  // The status word sits in a live region outside the part that is swapped, so its change is announced.
  function showStatus(status) {
    document.getElementById('payment').setAttribute('data-status', status);
    var word = document.getElementById('status-text');
    word.className = 'status ' + status;
    word.textContent = config.texts.status[status] || status;
  }

  // Brings the page to the order's new state without a reload: the server renders the page again (same URL,
  // so the same language) and the part below the status word is swapped in. Focus that was in the old part
  // (or lost with a pressed button) moves to the new part, so the keyboard carries on from there.
  function update(force) {
    updating = true;
    return fetch(location.href, { credentials: 'omit', cache: 'no-store' })
      .then(function (r) {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        return r.text();
      })
      .then(function (html) {
        var next = new DOMParser().parseFromString(html, 'text/html');
        var nextConfig = readConfig(next);
        var swap = force || !(OPEN[config.status] && OPEN[nextConfig.status]);
        config = nextConfig;
        document.title = next.title;
        if (swap) swapState(next.getElementById('state'));
        showStatus(config.status);
      })
      .catch(function () { location.reload(); })
      .then(function () {
        updating = false;
        schedulePoll();
      });
  }

  function swapState(nextState) {
    var state = document.getElementById('state');
    var active = document.activeElement;
    var focusWasHere = !active || active === document.body || state.contains(active);
    var fresh = document.importNode(nextState, true);
    state.parentNode.replaceChild(fresh, state);
    bindState(false);
    if (focusWasHere) fresh.focus();
  }

  function schedulePoll() {
    clearTimeout(pollTimer);
    if (POLLED[config.status]) pollTimer = setTimeout(poll, config.pollMs || 3000);
  }

  function poll() {
    fetch(config.statusUrl, { credentials: 'omit', cache: 'no-store' })
      .then(function (r) { return r.json(); })
      .then(function (envelope) {
        var status = envelope && envelope.data && envelope.data.status;
        if (status && status !== config.status && !updating) return update(false);
        schedulePoll();
      })
      .catch(schedulePoll);
  }

  function simulate(outcome) {
    var buttons = document.querySelectorAll('[data-outcome]');
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    updating = true;
    var request = { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' } };
    request.body = JSON.stringify({ outcome: outcome });
    fetch(config.sandboxUrl, request)
      .catch(function () { /* the page shows what the order is now */ })
      .then(function () { return update(true); });
  }

  // WeChat Pay JSAPI: inside WeChat the page asks the wallet to pay with the signed parameters (at once when
  // the page opens, and again with the button); elsewhere there is no wallet to ask, so it says where to open it.
  function showJsapiResult(key) {
    document.getElementById('jsapi-result').textContent = config.texts[key];
  }

  function invokeWallet() {
    var button = document.getElementById('jsapi-pay');
    button.disabled = true;
    window.WeixinJSBridge.invoke('getBrandWCPayRequest', config.invokeParams, function (res) {
      button.disabled = false;
      var outcome = String((res && res.err_msg) || '').split(':')[1];
      showJsapiResult(outcome === 'ok' ? 'jsapiOk' : outcome === 'cancel' ? 'jsapiCancel' : 'jsapiFail');
      if (outcome === 'ok') poll();
    });
  }

  function bindWallet(invokeAtOnce) {
    var button = document.getElementById('jsapi-pay');
    if (!button || !config.invokeParams) return;
    if (!/MicroMessenger/i.test(navigator.userAgent)) {
      button.disabled = true;
      document.getElementById('jsapi-outside').hidden = false;
      return;
    }
    var ready = function () {
      button.addEventListener('click', invokeWallet);
      if (invokeAtOnce) invokeWallet();
    };
    if (window.WeixinJSBridge) ready();
    else document.addEventListener('WeixinJSBridgeReady', ready, { once: true });
  }

  function bindState(opening) {
    startCountdown();
    var pay = document.getElementById('sandbox-pay');
    var fail = document.getElementById('sandbox-fail');
    if (pay) pay.addEventListener('click', function () { simulate('success'); });
    if (fail) fail.addEventListener('click', function () { simulate('fail'); });
    bindWallet(opening);
  }

  bindState(true);
  schedulePoll();
})();
