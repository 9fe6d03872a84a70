// Payment page behaviour: countdown, status polling, sandbox buttons, the WeChat JSAPI invocation. Served as
// a file because the Content-Security-Policy allows no inline script. Requests omit credentials: the page is public.
(function () {
  var config = JSON.parse(document.getElementById('payment-config').textContent);
  var statusUrl = config.statusUrl;

  function pad(n) { return (n < 10 ? '0' : '') + n; }

  var countdown = document.getElementById('countdown');
  if (countdown && countdown.dataset.expiresAt) {
    var expires = Date.parse(countdown.dataset.expiresAt);
    var tick = function () {
      var left = Math.max(0, Math.floor((expires - Date.now()) / 1000));
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      countdown.textContent = (h ? h + ':' : '') + pad(m) + ':' + pad(s);
    };
    tick();
    setInterval(tick, 1000);
  }

  function poll() {
    fetch(statusUrl, { credentials: 'omit', cache: 'no-store' })
      .then(function (r) { return r.json(); })
      .then(function (envelope) {
        if (envelope && envelope.data && envelope.data.status !== config.status) location.reload();
      })
      .catch(function () { /* keep polling */ });
  }
  if (config.status === 'UNPAID' || config.status === 'PAYING' || config.status === 'UNKNOWN') setInterval(poll, config.pollMs || 3000);

  function simulate(outcome) {
    var buttons = document.querySelectorAll('[data-outcome]');
    for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
    var request = { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' } };
    request.body = JSON.stringify({ outcome: outcome });
    fetch(config.sandboxUrl, request)
      .then(function (r) { return r.json(); })
      .then(function () { location.reload(); })
      .catch(function () { location.reload(); });
  }
  // WeChat Pay JSAPI: inside WeChat the page asks the wallet to pay with the signed parameters; elsewhere
  // there is no wallet to ask, so the page says where to open it.
  var jsapiButton = document.getElementById('jsapi-pay');
  var jsapiResult = document.getElementById('jsapi-result');
  var JSAPI_TEXT = {
    ok: '已提交支付，正在确认结果… / Payment submitted, confirming…',
    cancel: '已取消支付，可再次点击“微信支付”。 / Payment cancelled; tap the button to try again.',
    fail: '微信支付未能完成，请稍后重试。 / WeChat Pay could not complete the payment; please try again.'
  };
  function showJsapiResult(kind) {
    jsapiResult.textContent = JSAPI_TEXT[kind];
    jsapiResult.hidden = false;
  }
  function invokeWallet() {
    jsapiButton.disabled = true;
    window.WeixinJSBridge.invoke('getBrandWCPayRequest', config.invokeParams, function (res) {
      jsapiButton.disabled = false;
      var outcome = String((res && res.err_msg) || '').split(':')[1];
      showJsapiResult(outcome === 'ok' ? 'ok' : outcome === 'cancel' ? 'cancel' : 'fail');
      if (outcome === 'ok') poll();
    });
  }
  if (jsapiButton && config.invokeParams) {
    if (!/MicroMessenger/i.test(navigator.userAgent)) {
      jsapiButton.disabled = true;
      document.getElementById('jsapi-outside').hidden = false;
    } else {
      var ready = function () {
        jsapiButton.addEventListener('click', invokeWallet);
        invokeWallet();
      };
      if (window.WeixinJSBridge) ready();
      else document.addEventListener('WeixinJSBridgeReady', ready, false);
    }
  }

  var pay = document.getElementById('sandbox-pay');
  var fail = document.getElementById('sandbox-fail');
  if (pay) pay.addEventListener('click', function () { simulate('success'); });
  if (fail) fail.addEventListener('click', function () { simulate('fail'); });
})();
