// Payment page behaviour: countdown, status polling, sandbox buttons. Served as a file because the
// Content-Security-Policy allows no inline script. Requests omit credentials: the page is public.
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
  var pay = document.getElementById('sandbox-pay');
  var fail = document.getElementById('sandbox-fail');
  if (pay) pay.addEventListener('click', function () { simulate('success'); });
  if (fail) fail.addEventListener('click', function () { simulate('fail'); });
})();
