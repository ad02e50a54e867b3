// Leaflet's ES module build (its package.json names only the UMD one); the types are the package's.
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
