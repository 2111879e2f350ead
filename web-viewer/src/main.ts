// Entry point: find the page's elements and start the viewer.
import "./style.css";
import { ViewerApp, type ViewerElements } from "./app/viewer-app";

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof type)) throw new Error(`index.html lacks #${id}`);
  return el;
}

const elements: ViewerElements = {
  stage: element("stage", HTMLElement),
  meadow: element("meadow-layer", HTMLCanvasElement),
  rocks: element("rocks-layer", HTMLCanvasElement),
  air: element("air-layer", HTMLCanvasElement),
  status: element("status", HTMLElement),
  notice: element("notice", HTMLElement),
  toolbar: element("toolbar", HTMLElement),
  sliders: element("sliders", HTMLElement),
  help: element("help", HTMLElement),
  start: element("start", HTMLElement),
  moreButton: element("more-button", HTMLButtonElement),
  more: element("more", HTMLElement),
};

new ViewerApp(elements).start();
