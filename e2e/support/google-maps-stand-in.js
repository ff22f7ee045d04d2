/*
 * A stand-in for the Google Maps JavaScript API (https://developers.google.com/maps/documentation/javascript/reference),
 * served by the browser tests in place of https://maps.googleapis.com/maps/api/js (Playwright's page.route):
 * the real script is out of reach on this machine. It implements the documented subset that
 * @react-google-maps/api and the product call, with the documented names, arguments and events:
 *
 * - Loading: the script calls the function its `callback` parameter names (google.maps.__ib__, which
 *   @googlemaps/js-api-loader's bootstrap sets) and puts in its own google.maps.importLibrary, which
 *   resolves 'core', 'maps' and 'marker', as Google's bootstrap loader does. google.maps.version is set.
 * - google.maps.event: addListener, addListenerOnce, removeListener, clearInstanceListeners, trigger.
 *   Listeners are called with the instance as `this`, as Google's are.
 * - MVCObject (get, set, setValues, addListener, `<key>_changed` on every set) and MVCArray (getAt,
 *   setAt, insertAt, removeAt, push, pop, clear, forEach, getArray, getLength; set_at, insert_at and
 *   remove_at with the index and the previous or removed element).
 * - LatLng (latitude clamped to ±90, longitude wrapped into [-180, 180)), LatLngBounds (extend,
 *   contains, union, getCenter, getNorthEast, getSouthWest, isEmpty, toJSON).
 * - Map(div, options): center, zoom, setOptions, panTo, fitBounds, getBounds, getDiv, and 'click' with
 *   a MapMouseEvent (latLng, domEvent, stop). The projection is linear, not Mercator: at zoom z one
 *   pixel is 360 / (256 · 2^z) degrees of latitude and of longitude, counted from the middle of the
 *   map's div, latitude growing upwards. A test works out where a click lands with that formula.
 * - Marker, Circle (center, radius, getBounds), Polygon (path, paths: MVCArrays of LatLng) and Polyline
 *   (path): their accessors, setMap, setOptions, editable and draggable as properties. They are drawn
 *   as SVG in the map's div; a click on one fires that overlay's 'click', not the map's, as on Google's.
 *
 * Not implemented: tiles, controls, and Google's own drag handles. A test stands in for a drag by
 * setting what the drag ends with through the same API (circle.setRadius, polygon.getPath().setAt),
 * which fires the events Google fires. The instances made are listed, in order of creation, at
 * window.__googleMapsStandIn: { maps, markers, circles, polygons, polylines }.
 */
(() => {
  const SVG = 'http://www.w3.org/2000/svg';
  const made = { maps: [], markers: [], circles: [], polygons: [], polylines: [] };
  window.__googleMapsStandIn = made;

  // ---- Events ----------------------------------------------------------------------------------

  const listeners = new WeakMap();
  let redrawQueued = false;

  /** Every change may move a drawing: the maps draw again once the current task is done. */
  function queueRedraw() {
    if (redrawQueued) return;
    redrawQueued = true;
    queueMicrotask(() => {
      redrawQueued = false;
      for (const map of made.maps) map.__draw();
    });
  }

  function addListener(instance, name, handler) {
    let byName = listeners.get(instance);
    if (byName === undefined) listeners.set(instance, (byName = new Map()));
    let entries = byName.get(name);
    if (entries === undefined) byName.set(name, (entries = new Set()));
    const entry = { handler };
    entries.add(entry);
    return { remove: () => entries.delete(entry) };
  }

  function trigger(instance, name, ...args) {
    const entries = listeners.get(instance)?.get(name);
    if (entries !== undefined) for (const { handler } of [...entries]) handler.apply(instance, args);
    queueRedraw();
  }

  const event = {
    addListener,
    addListenerOnce(instance, name, handler) {
      const listener = addListener(instance, name, function once(...args) {
        listener.remove();
        handler.apply(this, args);
      });
      return listener;
    },
    removeListener: (listener) => listener?.remove(),
    clearInstanceListeners: (instance) => listeners.delete(instance),
    trigger,
  };

  // ---- Values ----------------------------------------------------------------------------------

  class LatLng {
    constructor(latitude, longitude, noClampNoWrap) {
      if (typeof latitude === 'object') {
        const point = latitude;
        noClampNoWrap = longitude;
        latitude = typeof point.lat === 'function' ? point.lat() : point.lat;
        longitude = typeof point.lng === 'function' ? point.lng() : point.lng;
      }
      if (noClampNoWrap !== true) {
        latitude = Math.max(-90, Math.min(90, latitude));
        if (longitude < -180 || longitude >= 180) longitude = ((((longitude + 180) % 360) + 360) % 360) - 180;
      }
      this.__lat = latitude;
      this.__lng = longitude;
    }
    lat() {
      return this.__lat;
    }
    lng() {
      return this.__lng;
    }
    equals(other) {
      return other != null && other.lat() === this.__lat && other.lng() === this.__lng;
    }
    toJSON() {
      return { lat: this.__lat, lng: this.__lng };
    }
    toString() {
      return `(${this.__lat}, ${this.__lng})`;
    }
    toUrlValue(precision = 6) {
      return `${Number(this.__lat.toFixed(precision))},${Number(this.__lng.toFixed(precision))}`;
    }
  }

  const toLatLng = (point) => (point == null || point instanceof LatLng ? point : new LatLng(point));

  /** Bounds that do not cross the antimeridian: enough for the places the product draws. */
  class LatLngBounds {
    constructor(southWest, northEast) {
      this.__south = Infinity;
      this.__north = -Infinity;
      this.__west = Infinity;
      this.__east = -Infinity;
      if (southWest != null && 'north' in southWest) {
        this.extend({ lat: southWest.south, lng: southWest.west });
        this.extend({ lat: southWest.north, lng: southWest.east });
      } else {
        if (southWest != null) this.extend(southWest);
        if (northEast != null) this.extend(northEast);
      }
    }
    extend(point) {
      const at = toLatLng(point);
      this.__south = Math.min(this.__south, at.lat());
      this.__north = Math.max(this.__north, at.lat());
      this.__west = Math.min(this.__west, at.lng());
      this.__east = Math.max(this.__east, at.lng());
      return this;
    }
    union(other) {
      const bounds = other instanceof LatLngBounds ? other : new LatLngBounds(other);
      if (!bounds.isEmpty()) this.extend(bounds.getSouthWest()).extend(bounds.getNorthEast());
      return this;
    }
    contains(point) {
      const at = toLatLng(point);
      return (
        at.lat() >= this.__south &&
        at.lat() <= this.__north &&
        at.lng() >= this.__west &&
        at.lng() <= this.__east
      );
    }
    isEmpty() {
      return this.__south > this.__north;
    }
    getCenter() {
      return new LatLng((this.__south + this.__north) / 2, (this.__west + this.__east) / 2);
    }
    getNorthEast() {
      return new LatLng(this.__north, this.__east);
    }
    getSouthWest() {
      return new LatLng(this.__south, this.__west);
    }
    toJSON() {
      return { north: this.__north, south: this.__south, east: this.__east, west: this.__west };
    }
  }

  class MVCObject {
    get(key) {
      return this.__values?.[key];
    }
    set(key, value) {
      (this.__values ??= {})[key] = value;
      trigger(this, `${key}_changed`);
    }
    setValues(values) {
      for (const [key, value] of Object.entries(values ?? {})) {
        const setter = this[`set${key[0].toUpperCase()}${key.slice(1)}`];
        if (typeof setter === 'function' && key !== 'values') setter.call(this, value);
        else this.set(key, value);
      }
    }
    setOptions(options) {
      this.setValues(options);
    }
    addListener(name, handler) {
      return addListener(this, name, handler);
    }
    notify(key) {
      trigger(this, `${key}_changed`);
    }
  }

  /** getX and setX for each key, as Google's classes have them; `convert` turns a literal into a value. */
  function accessors(Class, keys, convert = {}) {
    for (const key of keys) {
      const name = `${key[0].toUpperCase()}${key.slice(1)}`;
      Class.prototype[`get${name}`] = function get() {
        return this.get(key);
      };
      Class.prototype[`set${name}`] = function set(value) {
        this.set(key, convert[key] ? convert[key](value) : value);
      };
    }
  }

  class MVCArray extends MVCObject {
    constructor(items = []) {
      super();
      this.__items = [...items];
    }
    getAt(index) {
      return this.__items[index];
    }
    getArray() {
      return this.__items;
    }
    getLength() {
      return this.__items.length;
    }
    forEach(callback) {
      this.__items.forEach((item, index) => callback(item, index));
    }
    setAt(index, item) {
      if (index >= this.__items.length) {
        this.insertAt(index, item);
        return;
      }
      const previous = this.__items[index];
      this.__items[index] = item;
      trigger(this, 'set_at', index, previous);
    }
    insertAt(index, item) {
      this.__items.splice(index, 0, item);
      trigger(this, 'insert_at', index);
    }
    removeAt(index) {
      const [removed] = this.__items.splice(index, 1);
      trigger(this, 'remove_at', index, removed);
      return removed;
    }
    push(item) {
      this.insertAt(this.__items.length, item);
      return this.__items.length;
    }
    pop() {
      return this.removeAt(this.__items.length - 1);
    }
    clear() {
      while (this.__items.length > 0) this.pop();
    }
  }

  const toPath = (path) => (path instanceof MVCArray ? path : new MVCArray((path ?? []).map(toLatLng)));
  /** One path or several, as arrays or MVCArrays, into an MVCArray of paths (Polygon.setPaths). */
  function toPaths(paths) {
    const first = paths instanceof MVCArray ? paths.getAt(0) : paths?.[0];
    const several = first instanceof MVCArray || Array.isArray(first);
    if (!several) return new MVCArray([toPath(paths)]);
    return new MVCArray((paths instanceof MVCArray ? paths.getArray() : paths).map(toPath));
  }

  // ---- The map ---------------------------------------------------------------------------------

  class GoogleMap extends MVCObject {
    constructor(div, options) {
      super();
      this.__div = div;
      this.__svg = document.createElementNS(SVG, 'svg');
      this.__svg.setAttribute('style', 'position:absolute;inset:0;width:100%;height:100%');
      if (getComputedStyle(div).position === 'static') div.style.position = 'relative';
      div.style.overflow = 'hidden';
      div.style.background = '#e5e3df';
      div.append(this.__svg);
      div.addEventListener('click', (domEvent) => {
        const box = div.getBoundingClientRect();
        trigger(
          this,
          'click',
          mouseEvent(this.__at(domEvent.clientX - box.left, domEvent.clientY - box.top), domEvent),
        );
      });
      made.maps.push(this);
      this.setValues({ zoom: 0, center: { lat: 0, lng: 0 }, ...options });
    }
    getDiv() {
      return this.__div;
    }
    panTo(point) {
      this.setCenter(point);
    }
    panBy(x, y) {
      const { width, height } = this.__div.getBoundingClientRect();
      this.setCenter(this.__at(width / 2 + x, height / 2 + y));
    }
    getBounds() {
      const { width, height } = this.__div.getBoundingClientRect();
      if (width === 0 || height === 0) return undefined;
      return new LatLngBounds(this.__at(0, height), this.__at(width, 0));
    }
    fitBounds(bounds) {
      const area = bounds instanceof LatLngBounds ? bounds : new LatLngBounds(bounds);
      if (area.isEmpty()) return;
      const { width, height } = this.__div.getBoundingClientRect();
      const { north, south, east, west } = area.toJSON();
      const fit = Math.min((width * 360) / (256 * (east - west)), (height * 360) / (256 * (north - south)));
      this.setCenter(area.getCenter());
      this.setZoom(Math.max(0, Math.min(22, Math.floor(Math.log2(fit)))));
    }
    /** Degrees per pixel at the zoom. */
    __scale() {
      return 360 / (256 * 2 ** this.getZoom());
    }
    /** The point at pixel (x, y) of the div. */
    __at(x, y) {
      const { width, height } = this.__div.getBoundingClientRect();
      const centre = this.getCenter();
      const scale = this.__scale();
      return new LatLng(centre.lat() - (y - height / 2) * scale, centre.lng() + (x - width / 2) * scale);
    }
    /** The pixel of a point. */
    __pixel(point) {
      const { width, height } = this.__div.getBoundingClientRect();
      const centre = this.getCenter();
      const scale = this.__scale();
      return {
        x: width / 2 + (point.lng() - centre.lng()) / scale,
        y: height / 2 - (point.lat() - centre.lat()) / scale,
      };
    }
    __draw() {
      this.__svg.replaceChildren();
      const overlays = [...made.polygons, ...made.polylines, ...made.circles, ...made.markers];
      for (const overlay of overlays) {
        if (overlay.getMap() === this && overlay.getVisible() !== false)
          this.__svg.append(overlay.__shape(this));
      }
    }
  }
  accessors(GoogleMap, ['center', 'zoom', 'mapTypeId', 'heading', 'tilt', 'clickableIcons', 'streetView'], {
    center: toLatLng,
  });

  function mouseEvent(latLng, domEvent) {
    return { latLng, domEvent, stop: () => domEvent.stopPropagation() };
  }

  // ---- Overlays --------------------------------------------------------------------------------

  class Overlay extends MVCObject {
    constructor(options, list) {
      super();
      list.push(this);
      this.setValues({ visible: true, clickable: true, ...options });
    }
    /** The overlay's SVG element, which answers clicks as the overlay's own 'click'. */
    __element(map, tag, attributes) {
      const element = document.createElementNS(SVG, tag);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
      element.style.pointerEvents = this.get('clickable') === false ? 'none' : 'visiblePainted';
      element.addEventListener('click', (domEvent) => {
        domEvent.stopPropagation();
        const box = map.getDiv().getBoundingClientRect();
        trigger(
          this,
          'click',
          mouseEvent(map.__at(domEvent.clientX - box.left, domEvent.clientY - box.top), domEvent),
        );
      });
      return element;
    }
    __style() {
      return {
        stroke: this.get('strokeColor') ?? '#000',
        'stroke-width': this.get('strokeWeight') ?? 3,
        'stroke-opacity': this.get('strokeOpacity') ?? 1,
        fill: this.get('fillColor') ?? '#000',
        'fill-opacity': this.get('fillOpacity') ?? 0.3,
      };
    }
  }
  const overlayKeys = ['map', 'visible', 'clickable', 'draggable', 'editable'];

  class Marker extends Overlay {
    constructor(options) {
      super(options, made.markers);
    }
    __shape(map) {
      const position = this.getPosition();
      if (position == null) return document.createElementNS(SVG, 'g');
      const { x, y } = map.__pixel(position);
      const pin = this.__element(map, 'circle', { cx: x, cy: y, r: 6, fill: '#d00', stroke: '#fff' });
      const title = document.createElementNS(SVG, 'title');
      title.textContent = this.getTitle() ?? '';
      pin.append(title);
      return pin;
    }
  }
  accessors(
    Marker,
    [
      ...overlayKeys,
      'position',
      'title',
      'label',
      'icon',
      'cursor',
      'opacity',
      'shape',
      'zIndex',
      'animation',
    ],
    {
      position: toLatLng,
    },
  );

  class Circle extends Overlay {
    constructor(options) {
      super(options, made.circles);
    }
    getBounds() {
      const centre = this.getCenter();
      const radius = this.getRadius();
      if (centre == null || radius == null) return null;
      const latitudeSpan = radius / 111_320;
      const longitudeSpan = latitudeSpan / Math.max(Math.cos((centre.lat() * Math.PI) / 180), 0.01);
      return new LatLngBounds(
        { lat: centre.lat() - latitudeSpan, lng: centre.lng() - longitudeSpan },
        { lat: centre.lat() + latitudeSpan, lng: centre.lng() + longitudeSpan },
      );
    }
    __shape(map) {
      const bounds = this.getBounds();
      if (bounds === null) return document.createElementNS(SVG, 'g');
      const { x, y } = map.__pixel(this.getCenter());
      const corner = map.__pixel(bounds.getNorthEast());
      return this.__element(map, 'ellipse', {
        cx: x,
        cy: y,
        rx: corner.x - x,
        ry: y - corner.y,
        ...this.__style(),
      });
    }
  }
  accessors(Circle, [...overlayKeys, 'center', 'radius'], { center: toLatLng });

  class Polygon extends Overlay {
    constructor(options) {
      super(options, made.polygons);
    }
    getPath() {
      return this.getPaths().getAt(0);
    }
    setPath(path) {
      this.setPaths(toPath(path));
    }
    getPaths() {
      return this.get('paths') ?? new MVCArray([new MVCArray()]);
    }
    setPaths(paths) {
      this.set('paths', toPaths(paths));
    }
    __shape(map) {
      const rings = this.getPaths()
        .getArray()
        .map(
          (path) =>
            `M${path
              .getArray()
              .map((point) => {
                const { x, y } = map.__pixel(point);
                return `${x},${y}`;
              })
              .join('L')}Z`,
        );
      return this.__element(map, 'path', { d: rings.join(' '), 'fill-rule': 'evenodd', ...this.__style() });
    }
  }
  accessors(Polygon, overlayKeys);

  class Polyline extends Overlay {
    constructor(options) {
      super(options, made.polylines);
    }
    getPath() {
      return this.get('path') ?? new MVCArray();
    }
    setPath(path) {
      this.set('path', toPath(path));
    }
    __shape(map) {
      const points = this.getPath()
        .getArray()
        .map((point) => {
          const { x, y } = map.__pixel(point);
          return `${x},${y}`;
        });
      return this.__element(map, 'polyline', { points: points.join(' '), ...this.__style(), fill: 'none' });
    }
  }
  accessors(Polyline, overlayKeys);

  // ---- Loading ---------------------------------------------------------------------------------

  const core = { LatLng, LatLngBounds, MVCArray, MVCObject, event };
  const libraries = {
    core,
    maps: { Map: GoogleMap, Circle, Polygon, Polyline },
    marker: { Marker },
  };
  window.google ??= {};
  const maps = (window.google.maps ??= {});
  Object.assign(maps, core, libraries.maps, libraries.marker, { version: '3.stand-in' });
  maps.importLibrary = (name) =>
    name in libraries
      ? Promise.resolve(libraries[name])
      : Promise.reject(new Error(`The Google Maps stand-in has no '${name}' library.`));

  const callback = new URL(document.currentScript.src).searchParams.get('callback');
  if (callback !== null) {
    const named = callback.split('.').reduce((scope, key) => scope?.[key], window);
    if (typeof named === 'function') named();
  }
})();
