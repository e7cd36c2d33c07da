// The debug bar's panels, one chunk loaded the first time either opens: each
// chunk of its own would also make the bundler split React out of the app's script.
export { default as TimingsPanel } from "./TimingsPanel";
export { FaultsPanel } from "./FaultsPanel";
