export * from './vega-svg.js';
export * from './bar-chart.js';
export * from './score-charts.js';
export * from './drift-html.js';
export * from './eval-html.js';
