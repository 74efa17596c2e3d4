import type { Region } from "./types";

/** 沖縄: nightlife districts (繁華街) per prefecture; lat/lng = approximate centre (WGS84). */
export const OKINAWA: Region = {
  id: "okinawa",
  name: "沖縄",
  name_kana: "おきなわ",
  prefectures: [
    {
      id: "okinawa",
      code: 47,
      name: "沖縄県",
      name_kana: "おきなわけん",
      groups: [],
      areas: [
        {
          id: "naha-matsuyama",
          name: "松山",
          name_kana: "まつやま",
          lat: 26.2195,
          lng: 127.678,
          details: [],
        },
        { id: "kumoji", name: "久茂地", name_kana: "くもじ", lat: 26.216, lng: 127.6805, details: [] },
        { id: "maejima", name: "前島", name_kana: "まえじま", lat: 26.223, lng: 127.6795, details: [] },
        {
          id: "kokusai-dori",
          name: "国際通り周辺",
          name_kana: "こくさいどおりしゅうへん",
          lat: 26.215,
          lng: 127.687,
          details: [],
        },
        { id: "chatan", name: "北谷", name_kana: "ちゃたん", lat: 26.316, lng: 127.756, details: [] },
        {
          id: "okinawa-city",
          name: "沖縄市（コザ）",
          name_kana: "おきなわし こざ",
          lat: 26.334,
          lng: 127.803,
          details: [],
        },
        { id: "nago", name: "名護", name_kana: "なご", lat: 26.592, lng: 127.9775, details: [] },
      ],
    },
  ],
};
