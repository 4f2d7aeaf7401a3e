// A stand-in for Google's https://apis.google.com/js/api.js (gapi), served by the browser tests in
// its place with context.route().
//
// Why it exists: Google sign-in against the Auth emulator still needs gapi. The Firebase SDK opens a
// hidden iframe from the emulator (/emulator/auth/iframe) and talks to it through gapi.iframes; the
// emulator's pop-up hands the signed-in account to that iframe, which passes it on to the page. Both
// the SDK and the iframe load gapi from apis.google.com, which this machine (and CI) cannot reach,
// so without this file the pop-up sign-in fails with auth/network-request-failed.
//
// It implements only what the two sides use (see @firebase/auth `loadGapi`, `_openIframe`,
// `initAndGetManager`, and firebase-tools lib/emulator/auth/handlers.js, the iframe page):
// - gapi.load('gapi.iframes', { callback }) and the script URL's ?onload= callback (or gapi_onload);
// - parent side: gapi.iframes.getContext().open({ where, url, attributes }, cb) -> cb(handle), where
//   the handle has restyle(), ping(cb), register(name, handler) and send(name, data, cb);
// - child side: gapi.iframes.getContext().getParentIframe() -> { register, send }.
// Messages travel by postMessage. A send runs the other side's handler registered under its name and
// calls back with [handlerResult]; a send that arrives before its handler is registered waits for it
// (the emulator's iframe sends its first 'authEvent' before the SDK has registered a handler).
/* global window, document */
(function () {
  "use strict";

  var TAG = "toolshop-gapi-shim";
  var script = document.currentScript;

  // A callback's error stays with the callback, as it does in gapi, where callbacks run apart from
  // its message handling: the SDK's web-storage check throws an internal-error right after it has
  // called back (`cb(...); _fail(...)` in _isIframeWebStorageSupported), and the sign-in goes on.
  function callSafely(callback, argument) {
    try {
      callback(argument);
    } catch (error) {
      console.debug("gapi shim: a callback threw", error);
    }
  }

  /** One side of a conversation with another window. */
  function Channel(peer, accepts) {
    var handlers = {};
    var waiting = {};
    var callbacks = {};
    var nextId = 0;
    var readyResolve;
    var ready = new Promise(function (resolve) {
      readyResolve = resolve;
    });

    function post(message) {
      message.tag = TAG;
      peer().postMessage(message, "*");
    }

    function run(message) {
      Promise.resolve()
        .then(function () {
          return handlers[message.name](message.data);
        })
        .then(
          function (result) {
            post({ kind: "reply", id: message.id, result: result === undefined ? null : result });
          },
          function (error) {
            console.error("gapi shim: the handler for '" + message.name + "' failed", error);
            post({ kind: "reply", id: message.id, result: null });
          },
        );
    }

    window.addEventListener("message", function (event) {
      var message = event.data;
      if (!message || message.tag !== TAG || !accepts(event)) return;
      if (message.kind === "ready") {
        readyResolve();
      } else if (message.kind === "call") {
        if (handlers[message.name]) run(message);
        else (waiting[message.name] = waiting[message.name] || []).push(message);
      } else if (message.kind === "reply") {
        var callback = callbacks[message.id];
        delete callbacks[message.id];
        if (callback) callSafely(callback, [message.result]);
      }
    });

    return {
      ready: ready,
      markReady: readyResolve,
      announce: function () {
        post({ kind: "ready" });
      },
      register: function (name, handler) {
        handlers[name] = handler;
        var queued = waiting[name] || [];
        delete waiting[name];
        queued.forEach(run);
      },
      send: function (name, data, callback) {
        var id = TAG + ":" + nextId++;
        if (callback) callbacks[id] = callback;
        ready.then(function () {
          post({ kind: "call", id: id, name: name, data: data });
        });
      },
    };
  }

  function applyAttributes(element, attributes) {
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (name === "style" && typeof value === "object") Object.assign(element.style, value);
      else element.setAttribute(name, String(value));
    });
  }

  /** The page's side: opens the iframe and talks to the gapi shim inside it. */
  function openIframe(options, onOpened) {
    var iframe = document.createElement("iframe");
    applyAttributes(iframe, options.attributes);
    iframe.src = options.url;
    (options.where || document.body).appendChild(iframe);

    var channel = Channel(
      function () {
        return iframe.contentWindow;
      },
      function (event) {
        return event.source === iframe.contentWindow;
      },
    );
    var handle = {
      getIframeEl: function () {
        return iframe;
      },
      restyle: function () {
        return Promise.resolve();
      },
      ping: function (callback) {
        return channel.ready.then(function () {
          if (callback) callback([]);
          return [];
        });
      },
      register: channel.register,
      send: channel.send,
    };
    return onOpened ? onOpened(handle) : handle;
  }

  var parentChannel = null;

  /** The iframe's side: the window that opened it. */
  function getParentIframe() {
    if (!parentChannel) {
      parentChannel = Channel(
        function () {
          return window.parent;
        },
        function (event) {
          return event.source === window.parent;
        },
      );
      // The parent is listening from the moment it made the iframe.
      parentChannel.markReady();
      parentChannel.announce();
    }
    return { register: parentChannel.register, send: parentChannel.send };
  }

  var context = { open: openIframe, getParentIframe: getParentIframe };

  window.gapi = window.gapi || {};
  window.gapi.iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: function () {
      return true;
    },
    getContext: function () {
      return context;
    },
  };
  window.gapi.load = function (_modules, options) {
    var callback = typeof options === "function" ? options : options && options.callback;
    setTimeout(function () {
      if (callback) callback();
    }, 0);
  };

  var onload = null;
  try {
    onload = new URL(script.src).searchParams.get("onload");
  } catch {
    onload = null;
  }
  var callback = (onload && window[onload]) || window.gapi_onload;
  if (typeof callback === "function") setTimeout(callback, 0);
})();
