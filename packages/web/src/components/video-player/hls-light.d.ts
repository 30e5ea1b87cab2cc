// hls.js ships no types for its light build (no alt-audio, in-stream subtitles, EME or CMCD, which
// the player does not use: subtitles are WebVTT <track>s); its API is the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
