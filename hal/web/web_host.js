// web_host.js - the page's half of the web host (hal/web_host.c, docs/web.md),
// linked with --js-library.  Each web_host_* function runs on the page's own
// thread (the console calls it from its worker and waits): the canvas, the
// keyboard, fullscreen and Web Audio live there.  What tests read is counted
// in window.tabletop (hal/web/index.html makes it).
mergeInto(LibraryManager.library, {
  $webHost: {
    ring: null,    // the key ring's words in the heap, once the console opened the host
    pending: [],   // keys pressed while the ring was full
    image: null,   // the last frame, 640x528 RGBA
    picture: null, // a canvas holding it, for scaling
    audio: null,   // the AudioContext, resumed on the first key or click
    audioEnd: 0,   // when the last queued sound ends, in AudioContext time

    // KeyboardEvent.code -> HID usage code (the codes SDL scancodes are:
    // seed 000 Appendix B, hal/sdl_host.c).
    codes: (function () {
      var m = {}, i;
      for (i = 0; i < 26; i++) m['Key' + String.fromCharCode(65 + i)] = 4 + i;
      for (i = 1; i < 10; i++) m['Digit' + i] = 29 + i;
      m['Digit0'] = 39;
      ['Enter', 'Escape', 'Backspace', 'Tab', 'Space', 'Minus', 'Equal', 'BracketLeft',
       'BracketRight', 'Backslash', '', 'Semicolon', 'Quote', 'Backquote', 'Comma', 'Period',
       'Slash', 'CapsLock', 'F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11',
       'F12', 'PrintScreen', 'ScrollLock', 'Pause', 'Insert', 'Home', 'PageUp', 'Delete', 'End',
       'PageDown', 'ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp', 'NumLock', 'NumpadDivide',
       'NumpadMultiply', 'NumpadSubtract', 'NumpadAdd', 'NumpadEnter', 'Numpad1', 'Numpad2',
       'Numpad3', 'Numpad4', 'Numpad5', 'Numpad6', 'Numpad7', 'Numpad8', 'Numpad9', 'Numpad0',
       'NumpadDecimal', 'IntlBackslash', 'ContextMenu'].forEach(function (c, k) {
        if (c) m[c] = 40 + k;
      });
      ['ControlLeft', 'ShiftLeft', 'AltLeft', 'MetaLeft', 'ControlRight', 'ShiftRight',
       'AltRight', 'MetaRight'].forEach(function (c, k) { m[c] = 224 + k; });
      return m;
    })(),

    canvas: function () { return document.getElementById('screen'); },

    // Keys the console has not taken yet: in the ring and held back.
    waiting: function () {
      var r = webHost.ring;
      if (!r) return 0;
      return webHost.pending.length + Atomics.load(HEAP32, r.tail) - Atomics.load(HEAP32, r.head);
    },

    // Moves held-back keys into the ring as far as it has room.
    flush: function () {
      var r = webHost.ring;
      while (r && webHost.pending.length) {
        var tail = Atomics.load(HEAP32, r.tail);
        if (tail - Atomics.load(HEAP32, r.head) >= r.size) return;
        Atomics.store(HEAP32, r.keys + (tail >>> 0) % r.size, webHost.pending.shift());
        Atomics.store(HEAP32, r.tail, tail + 1);
      }
    },

    onKey: function (e) {
      if (webHost.audio && webHost.audio.state === 'suspended') webHost.audio.resume();
      var hid = webHost.codes[e.code];
      // Unknown keys, and the browser's own shortcuts (Ctrl+R, Alt+Left), stay the browser's.
      if (!hid || ((e.ctrlKey || e.altKey || e.metaKey) && hid < 224)) return;
      e.preventDefault();
      if (e.code === 'F11') {
        if (!e.repeat) webHost.toggleFullscreen();
        return;
      }
      var arrow = hid >= 79 && hid <= 82;
      if (e.repeat && !arrow) return; // held arrows repeat, as in the window
      webHost.pending.push(hid);
      webHost.flush();
    },

    onGesture: function () {
      if (webHost.audio && webHost.audio.state === 'suspended') webHost.audio.resume();
    },

    toggleFullscreen: function () {
      var c = webHost.canvas();
      if (document.fullscreenElement) document.exitFullscreen();
      else if (c.requestFullscreen) c.requestFullscreen();
    },

    // The canvas at the largest whole factor s >= 1 at which the picture
    // and its strip fit the browser's window (in device pixels, so that a
    // picture pixel is s x s screen pixels); fullscreen, the whole screen
    // with the picture centred on black.
    layout: function () {
      var c = webHost.canvas(), dpr = window.devicePixelRatio || 1;
      var vw = Math.floor(window.innerWidth * dpr), vh = Math.floor(window.innerHeight * dpr);
      var s = Math.max(1, Math.min(Math.floor(vw / 640), Math.floor(vh / 528)));
      var full = document.fullscreenElement === c;
      var w = full ? Math.max(vw, 640 * s) : 640 * s, h = full ? Math.max(vh, 528 * s) : 528 * s;
      if (c.width !== w || c.height !== h) {
        c.width = w;
        c.height = h;
      }
      c.style.width = w / dpr + 'px';
      c.style.height = h / dpr + 'px';
      webHost.at = {s: s, x: Math.floor((w - 640 * s) / 2), y: Math.floor((h - 528 * s) / 2)};
    },

    onResize: function () {
      webHost.layout();
      webHost.paint();
      if (webHost.ring) Atomics.store(HEAP32, webHost.ring.redraw, 1);
    },

    paint: function () {
      if (!webHost.image) return;
      var ctx = webHost.canvas().getContext('2d', {alpha: false}), at = webHost.at;
      ctx.imageSmoothingEnabled = false;
      if (at.x || at.y) {
        ctx.fillStyle = '#000';
        ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
      }
      if (at.s === 1) {
        ctx.putImageData(webHost.image, at.x, at.y);
        return;
      }
      webHost.picture.getContext('2d').putImageData(webHost.image, 0, 0);
      ctx.drawImage(webHost.picture, at.x, at.y, 640 * at.s, 528 * at.s);
    },
  },

  web_host_attach__proxy: 'sync',
  web_host_attach__deps: ['$webHost'],
  web_host_attach: function (keys, size, tail, head, redraw) {
    webHost.ring = {keys: keys >> 2, size: size, tail: tail >> 2, head: head >> 2,
                    redraw: redraw >> 2};
    webHost.pending = [];
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (Ctx && !webHost.audio) webHost.audio = new Ctx();
    if (!webHost.listening) {
      webHost.listening = true;
      window.addEventListener('keydown', webHost.onKey);
      window.addEventListener('pointerdown', webHost.onGesture);
      window.addEventListener('resize', webHost.onResize);
      document.addEventListener('fullscreenchange', webHost.onResize);
      webHost.picture = document.createElement('canvas');
      webHost.picture.width = 640;
      webHost.picture.height = 528;
      Object.defineProperty(window.tabletop, 'keysWaiting', {get: webHost.waiting});
      setInterval(webHost.flush, 20);
    }
    webHost.layout();
    return webHost.audio ? 1 : 0;
  },

  web_host_detach__proxy: 'sync',
  web_host_detach__deps: ['$webHost'],
  web_host_detach: function () {
    webHost.ring = null;
    webHost.pending = [];
  },

  web_host_draw__proxy: 'sync',
  web_host_draw__deps: ['$webHost'],
  web_host_draw: function (rgba, width, height) {
    if (!webHost.image) webHost.image = new ImageData(width, height);
    webHost.image.data.set(HEAPU8.subarray(rgba, rgba + width * height * 4));
    webHost.paint();
    window.tabletop.frames++;
    window.tabletop.ready = true;
    webHost.flush();
  },

  // 8 kHz samples, played one after another; after a silence, 100 ms late
  // (as the window's speaker) so that a clip arriving in bursts never starves.
  web_host_play__proxy: 'sync',
  web_host_play__deps: ['$webHost'],
  web_host_play: function (samples, n) {
    var a = webHost.audio;
    if (!a || a.state !== 'running') return;
    var start = webHost.audioEnd > a.currentTime ? webHost.audioEnd : a.currentTime + 0.1;
    if (start - a.currentTime > 4) return; // more than 4 s behind: dropped
    var buf = a.createBuffer(1, n, 8000), ch = buf.getChannelData(0), at = samples >> 1;
    for (var i = 0; i < n; i++) ch[i] = HEAP16[at + i] / 32768;
    var src = a.createBufferSource();
    src.buffer = buf;
    src.connect(a.destination);
    src.start(start);
    webHost.audioEnd = start + n / 8000;
  },
});
