/** Valid posts of the public forms, as a browser sends them (strings only); tests override fields. */

export const CONTACT_FORM = {
  name: "山田 太郎",
  email: "taro@example.com",
  category: "usage",
  message: "相性診断の使い方を教えてください。",
};

export const SHOP_ENTRY_FORM = {
  store_name: "Girls Bar ルナ",
  store_name_kana: "ガールズバー　ルナ",
  store_type: "girls_bar",
  prefecture: "tokyo",
  area: "新宿区歌舞伎町",
  contact_name: "月野 うさぎ",
  phone_number: "09012345678",
  email: "luna@example.com",
  message: "スタンダードプランを検討しています。",
};
