export { type CategoryNode } from './catalog.presenter.ts';
export { resolveImage, storeGoodsImage } from './goods-images.ts';
export { createGoodsBody, goodsIdQuery, goodsPageQuery, parseInput, shelfBody, updateGoodsBody } from './goods-input.ts';
