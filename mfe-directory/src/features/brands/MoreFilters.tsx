import { BrandFilter } from './BrandFilter';
import { ProductFilter } from './ProductFilter';

interface Props {
  productId: string;
  alternativeTo: string;
  product: string;
  /** Opened by a click on 'More filters' (the brand's box then takes the focus). */
  openedByClick: boolean;
  onAlternativeTo: (slug: string) => void;
  onProduct: (slug: string) => void;
}

/** /browse's 'More filters': 'Alternative to…' and 'Palestinian products'. */
export default function MoreFilters({ productId, alternativeTo, product, openedByClick, onAlternativeTo, onProduct }: Props) {
  return (
    <>
      <BrandFilter value={alternativeTo} onChoose={onAlternativeTo} takeFocus={openedByClick} />
      <ProductFilter id={productId} value={product} onChoose={onProduct} />
    </>
  );
}
