// web_saves.js - the console's save folder kept in the browser (docs/web.md),
// linked with --pre-js.  HOME is /home/web_user, so the console saves under
// ~/.local/state/tabletop; /home/web_user/.local is an IDBFS mount, read from
// IndexedDB before main() starts and written back whenever a file under it
// changed: polled every 500 ms, and when the page is hidden or left.  Each
// write-back is one IndexedDB transaction, so a reload or a closed tab finds
// the last complete one.  window.tabletop.saves counts them.
var webSaves = {
  dir: '/home/web_user/.local',
  synced: '', // the folder as last written back (webSaves.state)
  busy: false,
  failed: false, // IndexedDB refused once: said once

  // Every path, size and modification time under the folder, as one string.
  state: function () {
    var out = [];
    (function walk(path) {
      FS.readdir(path).forEach(function (name) {
        if (name === '.' || name === '..') return;
        var p = path + '/' + name, st = FS.stat(p);
        out.push(p + ' ' + st.size + ' ' + st.mtime.getTime());
        if (FS.isDir(st.mode)) walk(p);
      });
    })(webSaves.dir);
    return out.join('\n');
  },

  writeBack: function () {
    if (webSaves.busy) return;
    var now = webSaves.state();
    if (now === webSaves.synced) return;
    webSaves.busy = true;
    FS.syncfs(false, function (e) {
      webSaves.busy = false;
      // A file of the list gone before it was read (the console renamed
      // its temporary file meanwhile) is an FS error: the next poll sees
      // the change and writes back again.  Anything else is IndexedDB's.
      if (e && e.errno === undefined && !webSaves.failed) {
        webSaves.failed = true;
        err('tabletop: saves are not kept in the browser (IndexedDB: ' + e + ')');
      }
      if (e) return;
      webSaves.synced = now;
      window.tabletop.saves++;
    });
  },

  // emscripten 3.1.6's FS.rename over an existing file leaves the replaced
  // file's node in FS.nameTable: once the new file is unlinked, the old one
  // is found again by name (not listed, old contents).  Upstream fixed it in
  // emscripten-core/emscripten#23074; this drops the replaced node the same way.
  fixRename: function () {
    var rename = FS.rename;
    FS.rename = function (oldPath, newPath) {
      var replaced = null;
      try { replaced = FS.lookupPath(newPath).node; } catch (e) {}
      rename(oldPath, newPath);
      if (replaced && replaced !== FS.lookupPath(newPath).node) FS.hashRemoveNode(replaced);
    };
  },

  load: function () {
    webSaves.fixRename();
    FS.mkdirTree(webSaves.dir);
    FS.mount(IDBFS, {}, webSaves.dir);
    addRunDependency('saves');
    FS.syncfs(true, function (e) {
      if (e) err('tabletop: no saves from the browser (IndexedDB: ' + e + ')');
      webSaves.synced = webSaves.state();
      setInterval(webSaves.writeBack, 500);
      window.addEventListener('pagehide', webSaves.writeBack);
      document.addEventListener('visibilitychange', webSaves.writeBack);
      removeRunDependency('saves');
    });
  },
};

if (!ENVIRONMENT_IS_PTHREAD) Module['preRun'] = [].concat(Module['preRun'] || [], webSaves.load);
