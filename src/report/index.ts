export * from './vega-svg.js';
export * from './bar-chart.js';
export * from './score-charts.js';
